// Seed 002 (Microsoft walkthrough "Matrix Multiplication"): MultiplyWithOutAMP.
//
// The sequential starting point of the walkthrough: a 3x2 matrix times a 2x3 matrix with three
// nested loops. There is no C++ AMP code in it; the product is checked against the values
// worked out by hand from the article's matrices. The loops are timed without the printing,
// which the seed interleaves with them and which here follows them in PrintProduct().
#include <iostream>
#include <vector>

#include "common/sample_support.hpp"

// Returns the product (row-major) so that main() can print and check it.
std::vector<int> MultiplyWithOutAMP() {
    int aMatrix[3][2] = {{1, 4}, {2, 5}, {3, 6}};
    int bMatrix[2][3] = {{7, 8, 9}, {10, 11, 12}};
    int product[3][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};

    for (int row = 0; row < 3; row++) {
        for (int col = 0; col < 3; col++) {
            // Multiply the row of A by the column of B to get the row, column of product.
            for (int inner = 0; inner < 2; inner++) {
                product[row][col] += aMatrix[row][inner] * bMatrix[inner][col];
            }
        }
    }
    return std::vector<int>(&product[0][0], &product[0][0] + 9);
}

// The seed's output: the product, one row a line.
void PrintProduct(const std::vector<int>& product) {
    for (int row = 0; row < 3; row++) {
        for (int col = 0; col < 3; col++) {
            std::cout << product[row * 3 + col] << " ";
        }
        std::cout << "\n";
    }
}

int main() try {
    // Best of 50: nine values take nanoseconds.
    std::vector<int> product;
    const double cpu_s = sample::seconds([&] { product = MultiplyWithOutAMP(); }, 50);

    PrintProduct(product);
    // A * B by hand: row r of A = (r+1, r+4), column c of B = (c+7, c+10).
    const bool ok = sample::equal(product, {47, 52, 57, 64, 71, 78, 81, 90, 99},
                                  "product vs hand-computed values");
    std::cout << (ok ? "verified\n" : "verification FAILED\n");
    // Sequential code only: there is no C++ AMP time to compare with.
    sample::print_timing(cpu_s);
    return sample::finish("multiply_without_amp", ok, 0, cpu_s);
} catch (const std::exception& e) {
    return sample::fail("multiply_without_amp", e);
}
