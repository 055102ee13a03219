-- A resume token stays good until the client shows it holds the one given in exchange for it (issue 14's
-- faults: a connection dropped after the exchange committed and before its answer arrived left the client
-- holding a spent token only, and a player logging in again with his password). Each exchange links the
-- two: `replaced_by` on the token spent, `replaces` on the token issued (hashes, as token_hash).
-- persistence/account_store.cpp (exchange_resume_token) says what each exchange revokes.
ALTER TABLE resume_tokens ADD COLUMN replaces BYTEA, ADD COLUMN replaced_by BYTEA;
