// Boost.JSON's compiled part, once for the whole server (header-only mode: no libboost_json to link).
// No other file may include <boost/json/src.hpp>.
#include <boost/json/src.hpp>
