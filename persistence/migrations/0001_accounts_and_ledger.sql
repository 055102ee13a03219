-- Accounts, resume tokens and the wallet as a double-entry ledger.

CREATE TABLE accounts (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name          TEXT NOT NULL CONSTRAINT accounts_name_length CHECK (char_length(name) BETWEEN 1 AND 32),
    password_hash TEXT NOT NULL CONSTRAINT accounts_password_is_argon2id CHECK (password_hash LIKE '$argon2id$%'),
    role          TEXT NOT NULL DEFAULT 'player' CONSTRAINT accounts_role CHECK (role IN ('player', 'operator')),
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    closed_at     TIMESTAMPTZ
);
-- Names are unique without regard to case, so nobody can pass for "Alice" as "alice".
CREATE UNIQUE INDEX accounts_name_unique ON accounts (lower(name));

-- Only a hash of each token is stored: a leaked table cannot be replayed.
CREATE TABLE resume_tokens (
    token_hash BYTEA PRIMARY KEY CONSTRAINT resume_tokens_hash_size CHECK (octet_length(token_hash) = 32),
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at TIMESTAMPTZ NOT NULL,
    revoked_at TIMESTAMPTZ
);
CREATE INDEX resume_tokens_account ON resume_tokens (account_id);

-- Every holder of money is a wallet: players, the house (fees), each tournament's prize pool, and
-- "external", the counterpart of deposits and withdrawals, the only one whose balance may be negative.
CREATE TABLE wallets (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind          TEXT NOT NULL CONSTRAINT wallets_kind CHECK (kind IN ('player', 'house', 'prize_pool', 'external')),
    account_id    BIGINT UNIQUE REFERENCES accounts (id),
    label         TEXT NOT NULL DEFAULT '',
    balance       BIGINT NOT NULL DEFAULT 0,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT wallets_balance_not_negative CHECK (balance >= 0 OR kind = 'external'),
    CONSTRAINT wallets_player_has_account CHECK ((kind = 'player') = (account_id IS NOT NULL))
);
CREATE UNIQUE INDEX wallets_one_house_one_external ON wallets (kind) WHERE kind IN ('house', 'external');
INSERT INTO wallets (kind, label) VALUES ('external', 'deposits and withdrawals'), ('house', 'fees and freerolls');

-- One row per movement of money; the idempotency key makes a retried movement a no-op.
CREATE TABLE ledger_transactions (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    idempotency_key TEXT NOT NULL
        CONSTRAINT ledger_transactions_key_unique UNIQUE
        CONSTRAINT ledger_transactions_key_length CHECK (char_length(idempotency_key) BETWEEN 1 AND 200),
    kind            TEXT NOT NULL,
    memo            TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- The entries of a movement: signed amounts in cents that sum to zero.
CREATE TABLE ledger_entries (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    transaction_id BIGINT NOT NULL REFERENCES ledger_transactions (id),
    wallet_id      BIGINT NOT NULL REFERENCES wallets (id),
    amount         BIGINT NOT NULL CONSTRAINT ledger_entries_amount_not_zero CHECK (amount <> 0)
);
CREATE INDEX ledger_entries_transaction ON ledger_entries (transaction_id);
CREATE INDEX ledger_entries_wallet ON ledger_entries (wallet_id);

-- Balances are maintained by the database from the entries, in the same statement, so a balance always
-- equals the sum of its wallet's entries and wallets_balance_not_negative refuses any overdraft.
-- Writers lock the wallets (SELECT ... FOR UPDATE ORDER BY id) before inserting, so this never deadlocks.
CREATE FUNCTION ledger_apply_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE wallets w SET balance = w.balance + d.delta
      FROM (SELECT wallet_id, sum(amount) AS delta FROM inserted GROUP BY wallet_id) d
     WHERE w.id = d.wallet_id;
    -- Per transaction through the index (a join over the whole table would grow with the ledger).
    IF EXISTS (SELECT 1 FROM (SELECT DISTINCT transaction_id FROM inserted) i
                WHERE (SELECT sum(e.amount) FROM ledger_entries e WHERE e.transaction_id = i.transaction_id) <> 0) THEN
        RAISE EXCEPTION 'a ledger transaction does not sum to zero'
            USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transaction_balanced';
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER ledger_entries_apply AFTER INSERT ON ledger_entries
    REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_entries();

-- The ledger is append-only.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME
        USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
