// Pattern: Visual C++'s sized integer keywords.
// Fix without the kit: std::int64_t from <cstdint>.
// plain: rejected
// kit: accepted
__int64 sum(__int64 a, unsigned __int64 b) { return a + static_cast<__int64>(b); }
