// AMPLE_HIDE_GLIBC_INDEX: with Ample's <strings.h> in front of glibc's, a program that includes
// <cstring> and <strings.h> (directly and through other standard headers) and says
// `using namespace concurrency;` uses index<N> unqualified, as on Visual C++. The rest of
// <strings.h> and <cstring> stays usable. (tests/CMakeLists.txt builds this file with the
// header directory in front, as the option does.)
#include <strings.h>

#include <cstring>
#include <string>
#include <iostream>

#include <amp.h>
#include <gtest/gtest.h>

using namespace concurrency;

namespace {

TEST(GlibcIndexTest, IndexIsConcurrencyIndexUnderTheUsingDirective) {
  index<2> idx(3, 4);
  extent<2> ext(5, 6);
  EXPECT_TRUE(ext.contains(idx));
  std::vector<int> data(30, 0);
  array_view<int, 2> view(ext, data);
  parallel_for_each(view.extent, [=](index<2> i) restrict(amp) { view[i] = i[0] * 10 + i[1]; });
  view.synchronize();
  EXPECT_EQ(data[3 * 6 + 4], 34);
}

TEST(GlibcIndexTest, TheRestOfStringsHAndCstringStillWork) {
  EXPECT_EQ(strcasecmp("Ample", "AMPLE"), 0);
  EXPECT_EQ(ffs(8), 4);
  const char text[] = "tile_static";
  EXPECT_EQ(std::strchr(text, '_'), text + 4);
  EXPECT_EQ(rindex(text, 't'), text + 8);
}

}  // namespace
