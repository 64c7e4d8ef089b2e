// A job whose last rank fails while the others wait for its message: ample::mpi::run() must
// end all of them with the failure's message, not leave them waiting (CTest checks the
// message, and its timeout catches a hang).
#include <vector>

#include <amp.h>
#include <ample/mpi.hpp>

int main(int argc, char** argv) {
  return ample::mpi::run(argc, argv, [] {
    const int last = ample::mpi::environment::size() - 1;
    if (ample::mpi::environment::rank() == last)
      throw concurrency::runtime_exception("deliberate failure before sending", concurrency::error_code::e_fail);
    std::vector<int> v(4);
    ample::mpi::recv(concurrency::array_view<int, 1>(4, v), last);
    return 0;
  });
}
