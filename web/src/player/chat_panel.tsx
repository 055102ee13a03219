// A table's chat: its lines (newest at the bottom), a line to send (200 characters at most) and why
// the last one was refused (muted, too fast).
import type { JSX } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { TableModel } from "../../sdk/index.js";
import { t } from "../i18n/index.js";
import { chatErrors, chatInView, chatLines, kMaxChatLength, sendChat } from "./chat_state.js";
import { account } from "./session.js";

export function ChatPanel(props: { model: TableModel; readOnly?: boolean }): JSX.Element {
  const { model } = props;
  const key = model.key;
  const lines = chatLines.value.get(key) ?? [];
  const error = chatErrors.value.get(key);
  const [text, setText] = useState("");
  const list = useRef<HTMLOListElement>(null);
  const me = account.value?.name;

  useEffect(() => {
    chatInView(key, true);
    return () => chatInView(key, false);
  }, [key]);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length, key]);

  const submit = async (ev: Event) => {
    ev.preventDefault();
    if (await sendChat(model, text)) setText("");
  };
  const left = kMaxChatLength - text.length;

  return (
    <section class="chat" aria-label={t("chat.title")} data-testid="chat">
      <h2 class="chat-title">{t("chat.title")}</h2>
      <ol class="chat-lines" ref={list} aria-live="polite">
        {lines.length === 0 && <li class="muted">{t("chat.empty")}</li>}
        {lines.map((l) => (
          <li key={l.id} class={l.from === me ? "mine" : undefined}>
            <span class="chat-from">{l.from}</span> <span class="chat-text">{l.text}</span>
          </li>
        ))}
      </ol>
      {error && (
        <p class="form-error" role="alert" data-testid="chat-error">
          {error}
        </p>
      )}
      {!props.readOnly && (
        <form class="chat-form" onSubmit={submit}>
          <input
            aria-label={t("chat.placeholder")}
            placeholder={t("chat.placeholder")}
            maxLength={kMaxChatLength}
            value={text}
            onInput={(e) => setText(e.currentTarget.value)}
            // The table's keys (F, C, R, Enter) must not act while typing here.
            onKeyDown={(e) => e.stopPropagation()}
          />
          {left <= 20 && <span class="chat-left">{left}</span>}
          <button type="submit" disabled={text.trim() === ""}>
            {t("chat.send")}
          </button>
        </form>
      )}
    </section>
  );
}
