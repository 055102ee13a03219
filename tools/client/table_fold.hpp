#pragma once
// The client's fold: a TableEvent applied to the table as the viewer knows it (a TableSnapshot), as
// engine/view's apply() does for the engine's views. It moves chips and cards as the event says and
// never judges a rule: whose turn it is and what may be done arrive with the pending decision.
#include "tavolo.pb.h"

namespace tavolo::client {

void fold(::tavolo::v1::TableSnapshot& state, const ::tavolo::v1::TableEvent& event);

}  // namespace tavolo::client
