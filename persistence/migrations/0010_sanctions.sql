-- Sanctions (RULES.md §6, issue 12): what an operator imposed on a player, kept forever (append-only;
-- a mute ends by its expiry, an account closed is accounts.closed_at). `tournament_id` names the
-- tournament of a warning, an exclusion or a disqualification; `orbits` is the exclusion's length;
-- `hands` how many hands that was at the table (orbits x players there when it started).
CREATE TABLE sanctions (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id    BIGINT NOT NULL REFERENCES accounts (id),
    kind          TEXT NOT NULL CONSTRAINT sanctions_kind
                      CHECK (kind IN ('warning', 'exclusion', 'disqualification', 'mute', 'close_account')),
    tournament_id BIGINT REFERENCES tournaments (id),
    orbits        INT CONSTRAINT sanctions_orbits CHECK (orbits BETWEEN 1 AND 4),
    hands         INT,
    reason        TEXT NOT NULL CONSTRAINT sanctions_reason CHECK (char_length(reason) BETWEEN 1 AND 500),
    operator_id   BIGINT NOT NULL REFERENCES accounts (id),
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at    TIMESTAMPTZ,
    CONSTRAINT sanctions_exclusion_has_orbits CHECK ((kind = 'exclusion') = (orbits IS NOT NULL)),
    CONSTRAINT sanctions_mute_expires CHECK (kind = 'mute' OR expires_at IS NULL)
);
CREATE INDEX sanctions_account ON sanctions (account_id, created_at);

CREATE TRIGGER sanctions_append_only BEFORE UPDATE OR DELETE ON sanctions
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
