// Pattern: <windows.h> for timing or Sleep().
// Fix: <chrono> and <thread> (std::chrono::steady_clock, std::this_thread::sleep_for).
// plain: rejected
// kit: rejected
#include <windows.h>
