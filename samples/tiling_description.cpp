// Seed 001 (Microsoft docs, "Using Tiles"): TilingDescription.
//
// An 8x9 matrix of Description structures is tiled 2x3; each work-item records its global,
// tile and local index, and the host prints them with the tiles in alternating colours.
// Windows console calls become ANSI escapes: red for one tile colour, green for the other.
#include <iomanip>
#include <iostream>
#include <vector>

#include <amp.h>

#include "common/sample_support.hpp"

using namespace concurrency;

const int ROWS = 8;
const int COLS = 9;

// tileRow and tileColumn specify the tile that each thread is in.
// globalRow and globalColumn specify the location of the thread in the array_view.
// localRow and localColumn specify the location of the thread relative to the tile.
struct Description {
    int value;
    int tileRow;
    int tileColumn;
    int globalRow;
    int globalColumn;
    int localRow;
    int localColumn;
};

// A helper function for formatting the output.
// The seed calls SetConsoleTextAttribute with 4 (red) for color 0 and 2 (green) otherwise.
void SetConsoleColor(int color) {
    std::cout << (color == 0 ? sample::ansi_red : sample::ansi_green);
}

// This method creates an 8x9 matrix of Description structures.
// In the call to parallel_for_each, the structure is updated
// with tile, global, and local indices.
// Returns the host copy of the matrix so that main() can check it.
std::vector<Description> TilingDescription() {
    // Create 72 (8x9) Description structures.
    std::vector<Description> descs;
    for (int i = 0; i < ROWS * COLS; i++) {
        Description d = {i, 0, 0, 0, 0, 0, 0};
        descs.push_back(d);
    }

    // Create an array_view from the Description structures.
    extent<2> matrix(ROWS, COLS);
    array_view<Description, 2> descriptions(matrix, descs);

    // Update each Description with the tile, global, and local indices.
    parallel_for_each(descriptions.extent.tile< 2, 3>(),
        [=] (tiled_index< 2, 3> t_idx) restrict(amp)
    {
        descriptions[t_idx].globalRow = t_idx.global[0];
        descriptions[t_idx].globalColumn = t_idx.global[1];
        descriptions[t_idx].tileRow = t_idx.tile[0];
        descriptions[t_idx].tileColumn = t_idx.tile[1];
        descriptions[t_idx].localRow = t_idx.local[0];
        descriptions[t_idx].localColumn= t_idx.local[1];
    });

    // Print out the Description structure for each element in the matrix.
    // Tiles are displayed in red and green to distinguish them from each other.
    // (The seed's SetConsoleSize(100, 150) has no counterpart on a terminal.)
    for (int row = 0; row < ROWS; row++) {
        for (int column = 0; column < COLS; column++) {
            SetConsoleColor((descriptions(row, column).tileRow + descriptions(row, column).tileColumn) % 2);
            std::cout << "Value: " << std::setw(2) << descriptions(row, column).value << "      ";
        }
        std::cout << "\n";

        for (int column = 0; column < COLS; column++) {
            SetConsoleColor((descriptions(row, column).tileRow + descriptions(row, column).tileColumn) % 2);
            std::cout << "Tile:   " << "(" << descriptions(row, column).tileRow << "," << descriptions(row, column).tileColumn << ")  ";
        }
        std::cout << "\n";

        for (int column = 0; column < COLS; column++) {
            SetConsoleColor((descriptions(row, column).tileRow + descriptions(row, column).tileColumn) % 2);
            std::cout << "Global: " << "(" << descriptions(row, column).globalRow << "," << descriptions(row, column).globalColumn << ")  ";
        }
        std::cout << "\n";

        for (int column = 0; column < COLS; column++) {
            SetConsoleColor((descriptions(row, column).tileRow + descriptions(row, column).tileColumn) % 2);
            std::cout << "Local:  " << "(" << descriptions(row, column).localRow << "," << descriptions(row, column).localColumn << ")  ";
        }
        std::cout << "\n";
        std::cout << "\n";
    }
    std::cout << sample::ansi_reset;

    descriptions.synchronize();
    return descs;
}

// Checks every element against the C++ AMP index invariants, computed sequentially:
// tile = global / (2,3), local = global % (2,3), and the value is left untouched.
bool VerifyDescriptions(const std::vector<Description>& descs) {
    int bad = 0;
    for (int row = 0; row < ROWS; row++) {
        for (int column = 0; column < COLS; column++) {
            const Description& d = descs[row * COLS + column];
            const bool ok = d.value == row * COLS + column &&
                            d.globalRow == row && d.globalColumn == column &&
                            d.tileRow == row / 2 && d.tileColumn == column / 3 &&
                            d.localRow == row % 2 && d.localColumn == column % 3;
            if (!ok && bad++ == 0)
                std::cout << "element (" << row << "," << column << ") has wrong indices\n";
        }
    }
    return bad == 0;
}

int main() try {
    const bool ok = VerifyDescriptions(TilingDescription());
    std::cout << (ok ? "verified: global, tile and local indices of all 72 elements\n"
                     : "verification FAILED\n");
    // Nothing is computed here worth timing: the kernel only records its indices.
    return sample::finish("tiling_description", ok);
} catch (const std::exception& e) {
    return sample::fail("tiling_description", e);
}
