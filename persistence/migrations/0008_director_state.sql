-- A running poker tournament's director, saved after each of its decisions (issue 11): the engine's
-- state as versioned text (engine/tournament/director_state_text.hpp) and the registration playing
-- each entrant number, so a restart resumes the tournament where its decisions stood. `seq` counts
-- the saves: an older save never replaces a newer one.
CREATE TABLE tournament_directors (
    tournament_id BIGINT PRIMARY KEY REFERENCES tournaments (id),
    seq           BIGINT NOT NULL CHECK (seq >= 1),
    state         TEXT NOT NULL,
    entrants      BIGINT[] NOT NULL,
    saved_at      TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- The report a table owes its director for the hand of its snapshot (engine TableReport as text,
-- engine/tournament/table_report_text.hpp), written in the hand's transaction: when the server dies
-- after the hand committed but before the director's answer did, recovery gives it the report again.
ALTER TABLE tournament_tables ADD COLUMN director_report TEXT NOT NULL DEFAULT '';
