-- What operators did, append-only.
CREATE TABLE audit_log (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    operator_id BIGINT NOT NULL REFERENCES accounts (id),
    action      TEXT NOT NULL CHECK (action <> ''),
    target      TEXT NOT NULL DEFAULT '',
    details     JSONB NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_at ON audit_log (at);

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
