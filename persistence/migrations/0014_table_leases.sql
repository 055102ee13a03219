-- Tables of one tournament on several nodes ([cluster] spread_tables, docs/SCALING.md "Tables on
-- several nodes"): a table hosted by another node than its director's has its own lease,
-- "table:<tournament_tables.id>", which the director's node grants the host (LeaseStore::grant) and
-- the host renews. A node's connections carry its table tokens in tavolo.fences as ' t<id>:<token> '.

ALTER TABLE leases DROP CONSTRAINT leases_resource_known;
ALTER TABLE leases ADD CONSTRAINT leases_resource_known
    CHECK (resource = 'lobby' OR resource ~ '^tournament:[0-9]+$' OR resource ~ '^table:[0-9]+$');

-- A write of one table's rows (its hands, its row): allowed to the node whose table lease names it
-- with the token it holds (or no token for it yet: the moment before its fence's update), else the
-- tournament's fence decides (the director's node writes a table's row, e.g. when it breaks it).
CREATE FUNCTION tavolo_fence_table(table_id BIGINT, tournament BIGINT) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
    me     TEXT := current_setting('tavolo.node', true);
    held   TEXT;
    holder RECORD;
BEGIN
    IF me IS NULL OR me = '' OR table_id IS NULL THEN
        RETURN;
    END IF;
    SELECT node, token INTO holder FROM leases WHERE resource = 'table:' || table_id FOR SHARE;
    IF FOUND AND holder.node = me THEN
        held := ' ' || coalesce(current_setting('tavolo.fences', true), '') || ' ';
        IF position(' t' || table_id || ':' || holder.token || ' ' IN held) > 0 OR
           position(' t' || table_id || ':' IN held) = 0 THEN
            RETURN;
        END IF;
    END IF;
    PERFORM tavolo_fence(tournament);
END
$$;

CREATE OR REPLACE FUNCTION tavolo_fence_row() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'hands' THEN
        PERFORM tavolo_fence_table(NEW.table_id, (SELECT tournament_id FROM tournament_tables WHERE id = NEW.table_id));
    ELSIF TG_TABLE_NAME = 'tournament_tables' THEN
        PERFORM tavolo_fence_table(NEW.id, NEW.tournament_id);
    ELSIF TG_TABLE_NAME = 'tournaments' THEN
        PERFORM tavolo_fence(NEW.id);
    ELSE
        PERFORM tavolo_fence(NEW.tournament_id);
    END IF;
    RETURN NEW;
END
$$;
