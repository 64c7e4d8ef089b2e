// Every element type a view can hold travels between ranks with its value: the scalars, the
// short vectors (a contiguous MPI type of their components), norm and unorm, and any other
// trivially copyable type (as bytes).
#include <gtest/gtest.h>

#include <vector>

#include <amp.h>
#include <amp_short_vectors.h>
#include <ample/mpi.hpp>

#include "ring.hpp"

using namespace concurrency;
using namespace concurrency::graphics;

namespace {

/// particle is a user's element type, sent as bytes.
struct particle {
  float x, y;
  int id;
  bool operator==(const particle&) const = default;
};

/// make<T>(k) is a value of T that differs for each k (small k: norm and unorm keep it).
template <class T>
T make(int k) {
  if constexpr (std::is_same_v<T, particle>) {
    return particle{static_cast<float>(k), -0.5f * static_cast<float>(k), k};
  } else if constexpr (std::is_same_v<T, norm> || std::is_same_v<T, unorm>) {
    return T(static_cast<float>(k % 100) / 100.0f);
  } else if constexpr (std::is_arithmetic_v<T>) {
    return static_cast<T>(k);
  } else {
    return T(make<typename short_vector_traits<T>::value_type>(k));
  }
}

template <class T>
class MpiDatatype : public ::testing::Test {};

using element_types = ::testing::Types<int, unsigned int, long, unsigned long, long long, unsigned long long, float,
                                       double, norm, unorm, int_2, uint_3, float_4, double_2, norm_2, unorm_4, particle>;
TYPED_TEST_SUITE(MpiDatatype, element_types);

}  // namespace

TYPED_TEST(MpiDatatype, ValuesGoAroundTheRing) {
  using T = TypeParam;
  std::vector<T> mine(5), theirs(5, make<T>(99));
  for (int i = 0; i < 5; ++i) mine[i] = make<T>(mpi_test::rank() * 10 + i);
  array_view<T, 1> out(5, mine), in(5, theirs);
  ample::mpi::request sent = ample::mpi::isend(out, mpi_test::next());
  ample::mpi::recv(in, mpi_test::previous());
  sent.wait();
  for (int i = 0; i < 5; ++i) EXPECT_TRUE(theirs[i] == make<T>(mpi_test::previous() * 10 + i)) << i;
}

TYPED_TEST(MpiDatatype, StridedSectionsOfTheType) {
  using T = TypeParam;
  std::vector<T> mine(4 * 4), theirs(2 * 2, make<T>(99));
  for (int i = 0; i < 16; ++i) mine[i] = make<T>(mpi_test::rank() * 20 + i);
  array_view<T, 2> out(4, 4, mine), in(2, 2, theirs);
  ample::mpi::request sent = ample::mpi::isend(out.section(1, 1, 2, 2), mpi_test::next());
  ample::mpi::recv(in, mpi_test::previous());
  sent.wait();
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 2; ++c)
      EXPECT_TRUE(theirs[r * 2 + c] == make<T>(mpi_test::previous() * 20 + (r + 1) * 4 + c + 1)) << r << "," << c;
}

TEST(MpiDatatypeMapping, ShortVectorsAreTheirComponents) {
  EXPECT_EQ(ample::mpi::datatype<int>(), MPI_INT);
  EXPECT_EQ(ample::mpi::datatype<double>(), MPI_DOUBLE);
  EXPECT_EQ(ample::mpi::datatype<norm>(), MPI_FLOAT);
  int size = 0;
  MPI_Type_size(ample::mpi::datatype<float_4>(), &size);
  EXPECT_EQ(size, 16);
  MPI_Type_size(ample::mpi::datatype<particle>(), &size);
  EXPECT_EQ(size, static_cast<int>(sizeof(particle)));
  // Made once per type.
  EXPECT_EQ(ample::mpi::datatype<float_4>(), ample::mpi::datatype<float_4>());
  static_assert(ample::mpi::is_reducible_v<double_2> && !ample::mpi::is_reducible_v<unorm_2> &&
                !ample::mpi::is_reducible_v<particle>);
}

TEST(MpiDatatypeMapping, ShortVectorsReduceComponentByComponent) {
  const int r = mpi_test::rank();
  std::vector<float_4> v(3, float_4(static_cast<float>(r), -static_cast<float>(r), 1.0f, static_cast<float>(r % 2)));
  array_view<float_4, 1> view(3, v);
  ample::mpi::allreduce(view, MPI_MAX);
  const float last = static_cast<float>(mpi_test::ranks() - 1);
  for (const float_4& x : v) {
    EXPECT_EQ(x.x, last);
    EXPECT_EQ(x.y, 0.0f);
    EXPECT_EQ(x.z, 1.0f);
    EXPECT_EQ(x.w, mpi_test::ranks() > 1 ? 1.0f : 0.0f);
  }
}
