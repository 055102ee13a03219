-- The append-only tables refuse TRUNCATE, and a ledger movement must have entries.

-- TRUNCATE removes rows without deleting them one by one, so the row triggers of 0001 and 0004 never see
-- it: a statement trigger refuses it on every append-only table. It fires for tables reached through
-- TRUNCATE ... CASCADE too (truncating wallets or accounts would take the ledger with them).
CREATE FUNCTION refuse_truncate_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% is append-only: TRUNCATE refused (rows are never removed; correct the ledger with a new movement)',
        TG_TABLE_NAME
        USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_append_only();
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate_append_only();

-- A movement without entries would hold its idempotency key while moving nothing: a retry under that key
-- would find no legs to compare and could never post. Entries arrive after their movement's row, in the
-- same transaction, so the check waits for the commit (a deferred constraint trigger). The entries'
-- own trigger already refuses legs that do not sum to zero; checked again here, where it costs one
-- index lookup per movement.
CREATE FUNCTION ledger_transaction_has_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    entries BIGINT;
    total   NUMERIC;
BEGIN
    SELECT count(*), coalesce(sum(amount), 0) INTO entries, total
      FROM ledger_entries WHERE transaction_id = NEW.id;
    IF entries = 0 OR total <> 0 THEN
        RAISE EXCEPTION 'ledger transaction % (key %) has % entries summing to %: a movement needs entries that sum to zero',
            NEW.id, NEW.idempotency_key, entries, total
            USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transaction_has_entries';
    END IF;
    RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER ledger_transaction_has_entries AFTER INSERT ON ledger_transactions
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION ledger_transaction_has_entries();
