-- An operator's pause (issue 12): the reason while a running tournament is paused, NULL otherwise, so a
-- restart resumes it paused as it was.
ALTER TABLE tournaments ADD COLUMN paused_reason TEXT
    CONSTRAINT tournaments_paused_reason_length CHECK (char_length(paused_reason) BETWEEN 1 AND 500);
