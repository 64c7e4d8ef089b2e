// Seed 001 (Microsoft docs, "Using Tiles"): TilingDescription.
//
// An 8x9 matrix of Description structures is tiled 2x3; each work-item records its global,
// tile and local index, and the host prints them with the tiles in alternating colours.
// Windows console calls become ANSI escapes: red for one tile colour, green for the other.
// Timed against the same indices computed sequentially; the printing, which the seed does at
// the end of TilingDescription(), is PrintDescriptions().
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
// Returns the host copy of the matrix so that main() can print and check it.
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

    descriptions.synchronize();
    return descs;
}

void PrintDescriptions(const std::vector<Description>& descs) {
    // Element (row, column) of the host copy, read the way the seed reads its array_view.
    auto descriptions = [&](int row, int column) -> const Description& {
        return descs[row * COLS + column];
    };

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
}

// The same matrix filled sequentially on the CPU: the indices parallel_for_each hands out,
// worked out from the element's position.
std::vector<Description> TilingDescriptionSequential() {
    std::vector<Description> descs;
    for (int row = 0; row < ROWS; row++) {
        for (int column = 0; column < COLS; column++) {
            Description d = {row * COLS + column, row / 2, column / 3,
                             row, column, row % 2, column % 3};
            descs.push_back(d);
        }
    }
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
    // Best of 50: 72 elements take microseconds at most. With so little work the C++ AMP time
    // is mostly the cost of a launch, so expect the sequential loops to win by far.
    std::vector<Description> descs, reference;
    sample::warm_up();
    const double amp_s = sample::seconds([&] { descs = TilingDescription(); }, 50);
    const double cpu_s = sample::seconds([&] { reference = TilingDescriptionSequential(); }, 50);

    PrintDescriptions(descs);
    // The invariants fix every field, so two matrices that both pass are equal.
    bool ok = VerifyDescriptions(descs);
    ok = VerifyDescriptions(reference) && ok;
    std::cout << (ok ? "verified: global, tile and local indices of all 72 elements\n"
                     : "verification FAILED\n");
    sample::print_timing(amp_s, cpu_s);
    return sample::finish("tiling_description", ok, amp_s, cpu_s);
} catch (const std::exception& e) {
    return sample::fail("tiling_description", e);
}
