-- Money is made and moved only by ledger entries: the database refuses any other way.

-- A balance changes only through ledger_apply_entries (a trigger, so pg_trigger_depth() > 1 here), and
-- a wallet starts empty; otherwise a balance could differ from its entries and money appear from nowhere.
CREATE FUNCTION wallets_balance_from_ledger_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' AND NEW.balance <> 0 THEN
        RAISE EXCEPTION 'a wallet starts with a balance of 0: money enters through the ledger'
            USING ERRCODE = 'check_violation', CONSTRAINT = 'wallets_balance_from_ledger';
    END IF;
    IF TG_OP = 'UPDATE' AND NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
        RAISE EXCEPTION 'wallet % balance changed outside the ledger: post a movement instead', OLD.id
            USING ERRCODE = 'check_violation', CONSTRAINT = 'wallets_balance_from_ledger';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER wallets_balance_from_ledger BEFORE INSERT OR UPDATE OF balance ON wallets
    FOR EACH ROW EXECUTE FUNCTION wallets_balance_from_ledger_only();

-- A ledger transaction's entries all arrive in one statement: legs added to a movement posted earlier
-- (even legs that sum to zero) would move money under an old idempotency key.
CREATE OR REPLACE FUNCTION ledger_apply_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE wallets w SET balance = w.balance + d.delta
      FROM (SELECT wallet_id, sum(amount) AS delta FROM inserted GROUP BY wallet_id) d
     WHERE w.id = d.wallet_id;
    -- Per transaction through the index (a join over the whole table would grow with the ledger).
    IF EXISTS (SELECT 1 FROM (SELECT transaction_id, count(*) AS n FROM inserted GROUP BY transaction_id) i
                CROSS JOIN LATERAL (SELECT sum(e.amount) AS total, count(*) AS n FROM ledger_entries e
                                     WHERE e.transaction_id = i.transaction_id) a
                WHERE a.total <> 0 OR a.n <> i.n) THEN
        RAISE EXCEPTION 'a ledger transaction must sum to zero, its entries all inserted in one statement'
            USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transaction_balanced';
    END IF;
    RETURN NULL;
END $$;
