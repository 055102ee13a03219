-- Operators and roles (issue 12): an account is a player, an operator or an admin, and an operator logs
-- in to the HTTP API for a bearer token. Only a BLAKE2b hash of each token is stored, as for resume
-- tokens: a leaked table cannot be replayed.
ALTER TABLE accounts DROP CONSTRAINT accounts_role;
ALTER TABLE accounts ADD CONSTRAINT accounts_role CHECK (role IN ('player', 'operator', 'admin'));

CREATE TABLE operator_tokens (
    token_hash BYTEA PRIMARY KEY CONSTRAINT operator_tokens_hash_size CHECK (octet_length(token_hash) = 32),
    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at TIMESTAMPTZ NOT NULL,
    revoked_at TIMESTAMPTZ
);
CREATE INDEX operator_tokens_account ON operator_tokens (account_id);
