-- An account holds at most one live entry (registered or playing) in a tournament, whatever the path:
-- registration checks it under the tournament's lock, and this index makes it a rule of the database
-- (a re-buy bringing back an eliminated entry while a re-entry is live, a state set by hand...).
CREATE UNIQUE INDEX registrations_one_live_entry ON registrations (tournament_id, account_id)
    WHERE state IN ('registered', 'playing');
