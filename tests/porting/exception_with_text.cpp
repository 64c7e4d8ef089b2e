// Pattern: std::exception constructed from a message (a Microsoft extension of std::exception).
// Fix: throw std::runtime_error("text").
// plain: rejected
// kit: rejected
#include <exception>
void fail() { throw std::exception("text"); }
