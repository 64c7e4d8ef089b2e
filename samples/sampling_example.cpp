// Seed 001 (Microsoft docs, "Using Tiles"): SamplingExample.
//
// The average of every SAMPLESIZE x SAMPLESIZE tile of an 8x8 matrix, computed with a
// tile_static copy of the tile and tile_barrier::wait. Built twice, as the article suggests:
// sample_sampling_example_2 (the default) and sample_sampling_example_4 (-DSAMPLESIZE=4).
// Timed against the same averages computed sequentially; the printing, which the seed does at
// the end of SamplingExample(), is PrintAverages().
#include <iostream>
#include <string>
#include <vector>

#include <amp.h>

#include "common/sample_support.hpp"

using namespace concurrency;

#ifndef SAMPLESIZE
#define SAMPLESIZE 2
#endif
#define MATRIXSIZE 8

// Returns the averages so that main() can print and check them.
std::vector<float> SamplingExample() {

    // Create data and array_view for the matrix.
    std::vector<float> rawData;
    for (int i = 0; i < MATRIXSIZE * MATRIXSIZE; i++) {
        rawData.push_back((float)i);
    }
    extent<2> dataExtent(MATRIXSIZE, MATRIXSIZE);
    array_view<float, 2> matrix(dataExtent, rawData);

    // Create the array for the averages.
    // There is one element in the output for each tile in the data.
    std::vector<float> outputData;
    int outputSize = MATRIXSIZE / SAMPLESIZE;
    for (int j = 0; j < outputSize * outputSize; j++) {
        outputData.push_back((float)0);
    }
    extent<2> outputExtent(MATRIXSIZE / SAMPLESIZE, MATRIXSIZE / SAMPLESIZE);
    array<float, 2> averages(outputExtent, outputData.begin(), outputData.end());

    // Use tiles that are SAMPLESIZE x SAMPLESIZE.
    // Find the average of the values in each tile.
    // The only reference-type variable you can pass into the parallel_for_each call
    // is a concurrency::array.
    parallel_for_each(matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(),
        [=, &averages] (tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) restrict(amp)
    {
        // Copy the values of the tile into a tile-sized array.
        tile_static float tileValues[SAMPLESIZE][SAMPLESIZE];
        tileValues[t_idx.local[0]][t_idx.local[1]] = matrix[t_idx];

        // Wait for the tile-sized array to load before you calculate the average.
        t_idx.barrier.wait();

        // If you remove the if statement, then the calculation executes for every
        // thread in the tile, and makes the same assignment to averages each time.
        if (t_idx.local[0] == 0 && t_idx.local[1] == 0) {
            for (int trow = 0; trow < SAMPLESIZE; trow++) {
                for (int tcol = 0; tcol < SAMPLESIZE; tcol++) {
                    averages(t_idx.tile[0],t_idx.tile[1]) += tileValues[trow][tcol];
                }
            }
            averages(t_idx.tile[0],t_idx.tile[1]) /= (float) (SAMPLESIZE * SAMPLESIZE);
        }
    });

    // You cannot access the values in averages directly. You must copy them
    // back to a CPU variable.
    outputData = averages;
    return outputData;
}

// Print out the results.
void PrintAverages(const std::vector<float>& outputData) {
    int outputSize = MATRIXSIZE / SAMPLESIZE;
    for (int row = 0; row < outputSize; row++) {
        for (int col = 0; col < outputSize; col++) {
            std::cout << outputData[row*outputSize + col] << " ";
        }
        std::cout << "\n";
    }
    // Output for SAMPLESIZE = 2 is:
    //  4.5  6.5  8.5 10.5
    // 20.5 22.5 24.5 26.5
    // 36.5 38.5 40.5 42.5
    // 52.5 54.5 56.5 58.5

    // Output for SAMPLESIZE = 4 is:
    // 13.5 17.5
    // 45.5 49.5
}

// The same averages computed sequentially on the CPU, in the same summation order, so the
// results must match exactly (all values here are small integers and halves).
std::vector<float> SamplingSequential() {
    const int outputSize = MATRIXSIZE / SAMPLESIZE;
    std::vector<float> averages(outputSize * outputSize, 0.0f);
    for (int tileRow = 0; tileRow < outputSize; tileRow++) {
        for (int tileCol = 0; tileCol < outputSize; tileCol++) {
            float& average = averages[tileRow * outputSize + tileCol];
            for (int trow = 0; trow < SAMPLESIZE; trow++) {
                for (int tcol = 0; tcol < SAMPLESIZE; tcol++) {
                    average += (float)((tileRow * SAMPLESIZE + trow) * MATRIXSIZE + tileCol * SAMPLESIZE + tcol);
                }
            }
            average /= (float)(SAMPLESIZE * SAMPLESIZE);
        }
    }
    return averages;
}

int main() try {
    const std::string name = "sampling_example_" + std::to_string(SAMPLESIZE);
    // Best of 50: 64 elements take microseconds at most. With so little work the C++ AMP time
    // is mostly the cost of a launch, so expect the sequential loops to win by far.
    std::vector<float> averages, reference;
    sample::warm_up();
    const double amp_s = sample::seconds([&] { averages = SamplingExample(); }, 50);
    const double cpu_s = sample::seconds([&] { reference = SamplingSequential(); }, 50);

    PrintAverages(averages);
    bool ok = sample::equal(averages, reference, "averages vs sequential CPU");
#if SAMPLESIZE == 2
    ok = sample::equal(averages, {4.5f, 6.5f, 8.5f, 10.5f, 20.5f, 22.5f, 24.5f, 26.5f,
                                  36.5f, 38.5f, 40.5f, 42.5f, 52.5f, 54.5f, 56.5f, 58.5f},
                       "averages vs the article's output") && ok;
#elif SAMPLESIZE == 4
    ok = sample::equal(averages, {13.5f, 17.5f, 45.5f, 49.5f}, "averages vs the article's output") && ok;
#endif
    std::cout << (ok ? "verified\n" : "verification FAILED\n");
    sample::print_timing(amp_s, cpu_s);
    return sample::finish(name, ok, amp_s, cpu_s);
} catch (const std::exception& e) {
    return sample::fail("sampling_example_" + std::to_string(SAMPLESIZE), e);
}
