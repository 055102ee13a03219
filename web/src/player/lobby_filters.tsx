// The lobby's filters: game, kind, the buy-in range (euros, as the player types them), ended ones.
import type { JSX } from "preact";
import { useState } from "preact/hooks";
import type { Game, TournamentKind } from "../../sdk/wire.js";
import { t } from "../i18n/index.js";
import { kNoFilter, parseEuros } from "./lobby_filter.js";
import { lobbyFilter } from "./lobby_state.js";
import { gameName, kGames, kKinds, kindName } from "./tournament_names.js";

export function LobbyFilters(): JSX.Element {
  const f = lobbyFilter.value;
  const [minText, setMinText] = useState("");
  const [maxText, setMaxText] = useState("");
  const set = (patch: Partial<typeof f>) => (lobbyFilter.value = { ...lobbyFilter.value, ...patch });
  const [open, setOpen] = useState(false);
  const badMin = minText.trim() !== "" && parseEuros(minText) === null;
  const badMax = maxText.trim() !== "" && parseEuros(maxText) === null;
  const active = [f.game !== null, f.kind !== null, f.minBuyInCents !== null || f.maxBuyInCents !== null, f.showEnded].filter(
    Boolean,
  ).length;
  return (
    <>
      {/* On a phone the filters fold away behind this button. */}
      <button
        type="button"
        class="filters-toggle"
        aria-expanded={open}
        aria-controls="lobby-filters"
        onClick={() => setOpen(!open)}
      >
        {active > 0 ? t("lobby.filtersActive", { count: active }) : t("lobby.filters")}
      </button>
      <form
        id="lobby-filters"
        class={`lobby-filters${open ? " open" : ""}`}
        onSubmit={(e) => e.preventDefault()}
        aria-label={t("lobby.filters")}
      >
        <label>
          <span>{t("lobby.filter.game")}</span>
          <select
            data-testid="filter-game"
            value={f.game === null ? "" : String(f.game)}
            onChange={(e) => set({ game: e.currentTarget.value === "" ? null : (Number(e.currentTarget.value) as Game) })}
          >
            <option value="">{t("lobby.filter.allGames")}</option>
            {kGames.map((g) => (
              <option key={g} value={String(g)}>
                {gameName(g)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t("lobby.filter.kind")}</span>
          <select
            data-testid="filter-kind"
            value={f.kind === null ? "" : String(f.kind)}
            onChange={(e) =>
              set({ kind: e.currentTarget.value === "" ? null : (Number(e.currentTarget.value) as TournamentKind) })
            }
          >
            <option value="">{t("lobby.filter.allKinds")}</option>
            {kKinds.map((k) => (
              <option key={k} value={String(k)}>
                {kindName(k)}
              </option>
            ))}
          </select>
        </label>
        <fieldset class="buy-in-range">
          <legend>{t("lobby.filter.buyIn")}</legend>
          <input
            data-testid="filter-min"
            inputMode="decimal"
            placeholder={t("lobby.filter.min")}
            aria-label={t("lobby.filter.minLabel")}
            aria-invalid={badMin}
            value={minText}
            onInput={(e) => {
              setMinText(e.currentTarget.value);
              set({ minBuyInCents: parseEuros(e.currentTarget.value) });
            }}
          />
          <span aria-hidden="true">–</span>
          <input
            data-testid="filter-max"
            inputMode="decimal"
            placeholder={t("lobby.filter.max")}
            aria-label={t("lobby.filter.maxLabel")}
            aria-invalid={badMax}
            value={maxText}
            onInput={(e) => {
              setMaxText(e.currentTarget.value);
              set({ maxBuyInCents: parseEuros(e.currentTarget.value) });
            }}
          />
        </fieldset>
        <label class="check">
          <input type="checkbox" checked={f.showEnded} onChange={(e) => set({ showEnded: e.currentTarget.checked })} />
          <span>{t("lobby.filter.showEnded")}</span>
        </label>
        <button
          type="button"
          class="link-button"
          onClick={() => {
            setMinText("");
            setMaxText("");
            lobbyFilter.value = kNoFilter;
          }}
        >
          {t("lobby.filter.reset")}
        </button>
        {(badMin || badMax) && <p class="form-error">{t("lobby.filter.badAmount")}</p>}
      </form>
    </>
  );
}
