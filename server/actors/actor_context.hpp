#pragma once
// What every actor of the live server is given (server/actors/README.md): the one io_context whose
// threads run every strand, game time, the write path, the way to clients and the seat index. The
// server (server/app) owns them all and outlives every actor.
#include "persistence/write_service.hpp"
#include "server/actors/game_clock.hpp"
#include "server/actors/outbox.hpp"
#include "server/actors/seat_book.hpp"

namespace boost::asio {
class io_context;
}

namespace tavolo::persistence {
class Fence;
}

namespace tavolo::server::operators {
class ChatGuard;
}

namespace tavolo::server::actors {

class TablePlacement;

struct ActorContext {
    boost::asio::io_context& io;        // each actor makes its own strand on it
    const GameClock& clock;             // game time ([clock] speed)
    persistence::WriteService& writes;  // every database call, off the actors' strands
    Outbox& outbox;                     // frames to sessions and accounts
    SeatBook& seats;                    // where accounts sit

    // Mutes and the chat rate (operator/chat_guard.hpp); none: every line is accepted.
    operators::ChatGuard* chat = nullptr;
    // Where directors place their tables ([cluster] spread_tables, table_placement.hpp); none: here.
    TablePlacement* placement = nullptr;
    // Several nodes: until when this node may act on each table (Fence::acting, docs/SCALING.md
    // "Fencing"); none (one node): always.
    const persistence::Fence* fence = nullptr;
};

}  // namespace tavolo::server::actors
