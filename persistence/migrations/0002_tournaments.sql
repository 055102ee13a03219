-- Tournaments, their registrations and every payment made for an entry.

CREATE TABLE tournaments (
    id                   BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name                 TEXT NOT NULL,
    kind                 TEXT NOT NULL CONSTRAINT tournaments_kind CHECK (kind IN ('sng', 'mtt', 'headsup', 'shootout')),
    game                 TEXT NOT NULL CONSTRAINT tournaments_game CHECK (game IN ('holdem', 'stud', 'draw', 'polacco')),
    betting              TEXT NOT NULL CONSTRAINT tournaments_betting CHECK (betting IN ('nl', 'pl', 'limit', 'none')),
    -- The whole configuration as the server describes it (seats, stacks, re-buys, late registration...).
    config               JSONB NOT NULL DEFAULT '{}',
    -- The blind schedule: levels and breaks.
    schedule             JSONB NOT NULL DEFAULT '[]',
    state                TEXT NOT NULL DEFAULT 'registering' CONSTRAINT tournaments_state
                             CHECK (state IN ('announced', 'registering', 'running', 'paused', 'finished', 'cancelled')),
    starts_at            TIMESTAMPTZ,
    buy_in_prize_cents   BIGINT NOT NULL DEFAULT 0 CHECK (buy_in_prize_cents >= 0),
    buy_in_fee_cents     BIGINT NOT NULL DEFAULT 0 CHECK (buy_in_fee_cents >= 0),
    guarantee_cents      BIGINT NOT NULL DEFAULT 0 CHECK (guarantee_cents >= 0),
    prize_pool_wallet_id BIGINT NOT NULL UNIQUE REFERENCES wallets (id),
    -- The tournament clock as last saved: the current level, time played in it, time left in it.
    level                INT NOT NULL DEFAULT 0 CHECK (level >= 0),
    level_elapsed_ms     BIGINT NOT NULL DEFAULT 0 CHECK (level_elapsed_ms >= 0),
    level_remaining_ms   BIGINT CHECK (level_remaining_ms >= 0),
    on_break             BOOLEAN NOT NULL DEFAULT false,
    clock_saved_at       TIMESTAMPTZ,
    created_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
    started_at           TIMESTAMPTZ,
    finished_at          TIMESTAMPTZ
);
CREATE INDEX tournaments_unfinished ON tournaments (id) WHERE state NOT IN ('finished', 'cancelled');

-- One row per entry (a re-entry is a new entry_number). The totals are kept in step with entry_payments.
CREATE TABLE registrations (
    id               BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tournament_id    BIGINT NOT NULL REFERENCES tournaments (id),
    account_id       BIGINT NOT NULL REFERENCES accounts (id),
    entry_number     INT NOT NULL DEFAULT 1 CHECK (entry_number >= 1),
    state            TEXT NOT NULL DEFAULT 'registered' CONSTRAINT registrations_state
                         CHECK (state IN ('registered', 'playing', 'eliminated', 'winner', 'unregistered', 'refunded')),
    paid_cents       BIGINT NOT NULL DEFAULT 0 CHECK (paid_cents >= 0),
    prize_part_cents BIGINT NOT NULL DEFAULT 0 CHECK (prize_part_cents >= 0),
    fee_cents        BIGINT NOT NULL DEFAULT 0 CHECK (fee_cents >= 0),
    rebuys           INT NOT NULL DEFAULT 0 CHECK (rebuys >= 0),
    addons           INT NOT NULL DEFAULT 0 CHECK (addons >= 0),
    finishing_place  INT CHECK (finishing_place >= 1),
    prize_cents      BIGINT NOT NULL DEFAULT 0 CHECK (prize_cents >= 0),
    refund_cents     BIGINT NOT NULL DEFAULT 0 CHECK (refund_cents >= 0),
    registered_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    finished_at      TIMESTAMPTZ,
    CONSTRAINT registrations_entry_unique UNIQUE (tournament_id, account_id, entry_number)
);
CREATE INDEX registrations_account ON registrations (account_id);

-- Every payment for an entry or to it, each tied to its ledger movement.
CREATE TABLE entry_payments (
    id                    BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    registration_id       BIGINT NOT NULL REFERENCES registrations (id),
    kind                  TEXT NOT NULL CONSTRAINT entry_payments_kind
                              CHECK (kind IN ('buy_in', 'rebuy', 'addon', 'prize', 'refund')),
    prize_part_cents      BIGINT NOT NULL DEFAULT 0 CHECK (prize_part_cents >= 0),
    fee_cents             BIGINT NOT NULL DEFAULT 0 CHECK (fee_cents >= 0),
    amount_cents          BIGINT NOT NULL CHECK (amount_cents >= 0),
    ledger_transaction_id BIGINT NOT NULL UNIQUE REFERENCES ledger_transactions (id),
    created_at            TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX entry_payments_registration ON entry_payments (registration_id);
