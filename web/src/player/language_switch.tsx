// Italiano / English: the catalogue, the numbers and the page's language follow.
import type { JSX } from "preact";
import { type Language, type MessageKey, language, setLanguage, t } from "../i18n/index.js";

const languages: { code: Language; short: MessageKey; name: MessageKey }[] = [
  { code: "it", short: "language.itShort", name: "language.it" },
  { code: "en", short: "language.enShort", name: "language.en" },
];

export function LanguageSwitch(): JSX.Element {
  return (
    <div class="language-switch" role="group" aria-label={t("app.language")}>
      {languages.map((l) => (
        <button
          key={l.code}
          type="button"
          lang={l.code}
          aria-pressed={language.value === l.code}
          title={t(l.name)}
          onClick={() => setLanguage(l.code)}
        >
          {t(l.short)}
        </button>
      ))}
    </div>
  );
}
