-- Several nodes on one database (issue 14, docs/SCALING.md): the nodes' heartbeats, the leases that
-- place the lobby and each running tournament on one node, and the fence that refuses a tournament's
-- writes from a node that no longer holds its lease.

-- A node says it is alive by moving heartbeat_at forward every few seconds (server/cluster/lease_keeper).
CREATE TABLE nodes (
    id           TEXT PRIMARY KEY CONSTRAINT nodes_id_not_empty CHECK (id <> ''),
    started_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
    heartbeat_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- "lobby" or "tournament:<id>". `token` grows by one at each acquisition (a fencing token): a node
-- writes for a tournament only while the lease names it with the token it acquired. A row is never
-- deleted: it keeps the last token, so a token is never given twice for one resource.
CREATE TABLE leases (
    resource   TEXT PRIMARY KEY
               CONSTRAINT leases_resource_known CHECK (resource = 'lobby' OR resource ~ '^tournament:[0-9]+$'),
    node       TEXT NOT NULL,
    token      BIGINT NOT NULL CONSTRAINT leases_token_positive CHECK (token >= 1),
    expires_at TIMESTAMPTZ NOT NULL
);

-- The fence. A node's connections carry its id (tavolo.node) and the tokens it holds
-- (tavolo.fences = ' <tournament>:<token> ... ', persistence/fence.hpp); connections without an id
-- (a single node, the tools) are never fenced, nor is a tournament no lease names yet (registering).
-- Refused: a lease naming another node, or this node's id with another token than the one this
-- connection holds for it (an older process of the same id, woken after a restart took its leases).
-- FOR SHARE: a takeover's UPDATE of the lease waits for a write in flight, and a write after the
-- takeover sees the new holder.
CREATE FUNCTION tavolo_fence(tournament BIGINT) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
    me     TEXT := current_setting('tavolo.node', true);
    held   TEXT;
    holder RECORD;
BEGIN
    IF me IS NULL OR me = '' OR tournament IS NULL THEN
        RETURN;
    END IF;
    SELECT node, token INTO holder FROM leases WHERE resource = 'tournament:' || tournament FOR SHARE;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    held := ' ' || coalesce(current_setting('tavolo.fences', true), '') || ' ';
    -- This node with the lease's token; or this node naming no token for it yet (the moment between
    -- its acquisition and its fence's update: a token it holds for it is never an older one).
    IF holder.node = me AND (position(' ' || tournament || ':' || holder.token || ' ' IN held) > 0 OR
                             position(' ' || tournament || ':' IN held) = 0) THEN
        RETURN;
    END IF;
    RAISE EXCEPTION 'fenced out: tournament % is leased to node % with token %, not to this node (%) with the token it holds',
        tournament, holder.node, holder.token, me
        USING ERRCODE = 'TVF01';
END
$$;

CREATE FUNCTION tavolo_fence_row() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'hands' THEN
        PERFORM tavolo_fence((SELECT tournament_id FROM tournament_tables WHERE id = NEW.table_id));
    ELSIF TG_TABLE_NAME = 'tournaments' THEN
        PERFORM tavolo_fence(NEW.id);
    ELSE
        PERFORM tavolo_fence(NEW.tournament_id);
    END IF;
    RETURN NEW;
END
$$;

-- Only connections that name a node pay for the check (the WHEN clause costs no PL/pgSQL call).
CREATE TRIGGER hands_fence BEFORE INSERT ON hands FOR EACH ROW
    WHEN (coalesce(current_setting('tavolo.node', true), '') <> '') EXECUTE FUNCTION tavolo_fence_row();
CREATE TRIGGER tournament_tables_fence BEFORE INSERT OR UPDATE ON tournament_tables FOR EACH ROW
    WHEN (coalesce(current_setting('tavolo.node', true), '') <> '') EXECUTE FUNCTION tavolo_fence_row();
CREATE TRIGGER tournament_directors_fence BEFORE INSERT OR UPDATE ON tournament_directors FOR EACH ROW
    WHEN (coalesce(current_setting('tavolo.node', true), '') <> '') EXECUTE FUNCTION tavolo_fence_row();
-- Registrations: updates only (a finish, a prize, a re-buy, a refund); a late registration is the
-- lobby's insert, wherever the tournament runs.
CREATE TRIGGER registrations_fence BEFORE UPDATE ON registrations FOR EACH ROW
    WHEN (coalesce(current_setting('tavolo.node', true), '') <> '') EXECUTE FUNCTION tavolo_fence_row();
CREATE TRIGGER tournaments_fence BEFORE UPDATE ON tournaments FOR EACH ROW
    WHEN (coalesce(current_setting('tavolo.node', true), '') <> '') EXECUTE FUNCTION tavolo_fence_row();
