// Pattern: a temporary bound to a non-const lvalue reference (a Visual C++ extension).
// Fix: take `const std::string&`, or name the temporary.
// plain: rejected
// kit: rejected
#include <string>
int length(std::string& s) { return static_cast<int>(s.size()); }
int use() { return length(std::string("abc")); }
