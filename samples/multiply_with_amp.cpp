// Seed 002 (Microsoft walkthrough "Matrix Multiplication"): MultiplyWithAMP.
//
// The same 3x2 times 2x3 product as MultiplyWithOutAMP, with array_view and parallel_for_each
// replacing the row and column loops. Checked against the sequential loops and timed against
// them; the printing, which the seed does at the end of MultiplyWithAMP(), is PrintProduct().
#include <iostream>
#include <vector>

#include <amp.h>

#include "common/sample_support.hpp"

using namespace concurrency;

// Returns the product (row-major) so that main() can print and check it.
std::vector<int> MultiplyWithAMP() {
    int aMatrix[] = { 1, 4, 2, 5, 3, 6 };
    int bMatrix[] = { 7, 8, 9, 10, 11, 12 };
    int productMatrix[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0 };

    array_view<int, 2> a(3, 2, aMatrix);
    array_view<int, 2> b(2, 3, bMatrix);
    array_view<int, 2> product(3, 3, productMatrix);

    parallel_for_each(product.extent,
        [=] (index<2> idx) restrict(amp) {
            int row = idx[0];
            int col = idx[1];
            for (int inner = 0; inner <2; inner++) {
                product[idx] += a(row, inner)* b(inner, col);
            }
        });

    product.synchronize();
    return std::vector<int>(productMatrix, productMatrix + 9);
}

// The seed's output: it prints product(row, col), which after synchronize() is the same value
// as productMatrix[row*3 + col], the element printed here.
void PrintProduct(const std::vector<int>& product) {
    for (int row = 0; row <3; row++) {
        for (int col = 0; col <3; col++) {
            std::cout << product[row * 3 + col] << " ";
        }
        std::cout << "\n";
    }
}

// MultiplyWithOutAMP's loops without the printing: the sequential reference.
std::vector<int> MultiplySequential() {
    int aMatrix[3][2] = {{1, 4}, {2, 5}, {3, 6}};
    int bMatrix[2][3] = {{7, 8, 9}, {10, 11, 12}};
    std::vector<int> product(9, 0);
    for (int row = 0; row < 3; row++)
        for (int col = 0; col < 3; col++)
            for (int inner = 0; inner < 2; inner++)
                product[row * 3 + col] += aMatrix[row][inner] * bMatrix[inner][col];
    return product;
}

int main() try {
    // Best of 50: nine values take microseconds at most. With so little work the C++ AMP time
    // is mostly the cost of a launch, so expect the sequential loops to win by far.
    std::vector<int> product, reference;
    sample::warm_up();
    const double amp_s = sample::seconds([&] { product = MultiplyWithAMP(); }, 50);
    const double cpu_s = sample::seconds([&] { reference = MultiplySequential(); }, 50);

    PrintProduct(product);
    const bool ok = sample::equal(product, reference, "product vs sequential CPU");
    std::cout << (ok ? "verified\n" : "verification FAILED\n");
    sample::print_timing(amp_s, cpu_s);
    return sample::finish("multiply_with_amp", ok, amp_s, cpu_s);
} catch (const std::exception& e) {
    return sample::fail("multiply_with_amp", e);
}
