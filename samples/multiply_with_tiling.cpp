// Seed 002 (Microsoft walkthrough "Matrix Multiplication"): MultiplyWithTiling.
//
// A 4x4 product computed with 2x2 tiles: each tile copies sub-matrices of a and b into
// tile_static arrays and synchronises on tile_barrier::wait. The article checks the first
// element by hand: ae + bg = 11 + 23 = 34. Checked here against the sequential loops and timed
// against them; the printing, which the seed does at the end of MultiplyWithTiling(), is
// PrintProduct().
#include <iostream>
#include <vector>

#include <amp.h>

#include "common/sample_support.hpp"

using namespace concurrency;

// Returns the product (row-major) so that main() can print and check it.
std::vector<int> MultiplyWithTiling() {
    // The tile size is 2.
    static const int TS = 2;

    // The raw data.
    int aMatrix[] = { 1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8 };
    int bMatrix[] = { 1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8 };
    int productMatrix[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };

    // Create the array_view objects.
    array_view<int, 2> a(4, 4, aMatrix);
    array_view<int, 2> b(4, 4, bMatrix);
    array_view<int, 2> product(4, 4, productMatrix);

    // Call parallel_for_each by using 2x2 tiles.
    parallel_for_each(product.extent.tile<TS, TS>(),
        [=] (tiled_index<TS, TS> t_idx) restrict(amp)
        {
            // Get the location of the thread relative to the tile (row, col)
            // and the entire array_view (rowGlobal, colGlobal).
            int row = t_idx.local[0];
            int col = t_idx.local[1];
            int rowGlobal = t_idx.global[0];
            int colGlobal = t_idx.global[1];
            int sum = 0;

            // Given a 4x4 matrix and a 2x2 tile size, this loop executes twice for each thread.
            // For the first tile and the first loop, it copies a into locA and e into locB.
            // For the first tile and the second loop, it copies b into locA and g into locB.
            for (int i = 0; i < 4; i += TS) {
                tile_static int locA[TS][TS];
                tile_static int locB[TS][TS];
                locA[row][col] = a(rowGlobal, col + i);
                locB[row][col] = b(row + i, colGlobal);
                // The threads in the tile all wait here until locA and locB are filled.
                t_idx.barrier.wait();

                // Return the product for the thread. The sum is retained across
                // both iterations of the loop, in effect adding the two products
                // together, for example, a*e.
                for (int k = 0; k < TS; k++) {
                    sum += locA[row][k] * locB[k][col];
                }

                // All threads must wait until the sums are calculated. If any threads
                // moved ahead, the values in locA and locB would change.
                t_idx.barrier.wait();
                // Now go on to the next iteration of the loop.
            }

            // After both iterations of the loop, copy the sum to the product variable by using the global location.
            product[t_idx.global] = sum;
        });

    // Copy the contents of product back to the productMatrix variable.
    product.synchronize();
    return std::vector<int>(productMatrix, productMatrix + 16);
}

// The seed's output. The results are available from both the product and productMatrix
// variables; this prints the copy of productMatrix.
void PrintProduct(const std::vector<int>& product) {
    for (int row = 0; row <4; row++) {
        for (int col = 0; col <4; col++) {
            std::cout << product[row * 4 + col] << " ";
        }
        std::cout << "\n";
    }
}

// The same product with three sequential loops: the reference.
std::vector<int> MultiplySequential() {
    const int aMatrix[] = { 1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8 };
    const int bMatrix[] = { 1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 6, 7, 8 };
    std::vector<int> product(16, 0);
    for (int row = 0; row < 4; row++)
        for (int col = 0; col < 4; col++)
            for (int inner = 0; inner < 4; inner++)
                product[row * 4 + col] += aMatrix[row * 4 + inner] * bMatrix[inner * 4 + col];
    return product;
}

int main() try {
    // Best of 50: sixteen values take microseconds at most. With so little work the C++ AMP
    // time is mostly the cost of a launch, so expect the sequential loops to win by far.
    std::vector<int> product, reference;
    sample::warm_up();
    const double amp_s = sample::seconds([&] { product = MultiplyWithTiling(); }, 50);
    const double cpu_s = sample::seconds([&] { reference = MultiplySequential(); }, 50);

    PrintProduct(product);
    bool ok = sample::equal(product, reference, "product vs sequential CPU");
    if (product[0] != 34) {  // the article's hand check: ae + bg = 11 + 23
        std::cout << "product(0,0) = " << product[0] << ", the article computes 34\n";
        ok = false;
    }
    std::cout << (ok ? "verified\n" : "verification FAILED\n");
    sample::print_timing(amp_s, cpu_s);
    return sample::finish("multiply_with_tiling", ok, amp_s, cpu_s);
} catch (const std::exception& e) {
    return sample::fail("multiply_with_tiling", e);
}
