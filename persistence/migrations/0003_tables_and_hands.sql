-- Tables with their last committed snapshot, and the hands played at them.

CREATE TABLE tournament_tables (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    table_number  INT NOT NULL CHECK (table_number >= 1),
    max_seats     INT NOT NULL CHECK (max_seats BETWEEN 2 AND 10),
    state         TEXT NOT NULL DEFAULT 'open' CONSTRAINT tournament_tables_state CHECK (state IN ('open', 'broken')),
    -- The snapshot at the end of the last committed hand (hand_number 0: none played yet).
    hand_number   BIGINT NOT NULL DEFAULT 0 CHECK (hand_number >= 0),
    button_seat   INT,
    level         INT NOT NULL DEFAULT 0 CHECK (level >= 0),
    -- [{"seat":0,"registration_id":7,"account_id":3,"stack":2950,"status":"active"}, ...]
    seats         JSONB NOT NULL DEFAULT '[]' CONSTRAINT tournament_tables_seats_array CHECK (jsonb_typeof(seats) = 'array'),
    -- Whatever else the server needs to resume the table (dead blinds, sanctions...), opaque here.
    engine_state  BYTEA NOT NULL DEFAULT '',
    snapshot_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT tournament_tables_number_unique UNIQUE (tournament_id, table_number),
    CONSTRAINT tournament_tables_button_on_table CHECK (button_seat IS NULL OR (button_seat >= 0 AND button_seat < max_seats))
);

-- A hand is committed with its table's snapshot in one transaction; that commit is its durability point.
CREATE TABLE hands (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    table_id     BIGINT NOT NULL REFERENCES tournament_tables (id),
    hand_number  BIGINT NOT NULL CHECK (hand_number >= 1),
    started_at   TIMESTAMPTZ NOT NULL,
    ended_at     TIMESTAMPTZ NOT NULL,
    -- lz4: several times cheaper than the default pglz on the write path of thousands of hands a second.
    events       BYTEA COMPRESSION lz4 NOT NULL,
    phh          TEXT COMPRESSION lz4 NOT NULL,
    result       JSONB NOT NULL DEFAULT '{}',
    committed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT hands_number_unique UNIQUE (table_id, hand_number)
);
