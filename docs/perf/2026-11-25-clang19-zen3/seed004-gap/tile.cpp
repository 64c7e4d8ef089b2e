// Seed 004's matmul_tile (samples/matmul_blocked.cpp), alone, to compare the compilers' code for it
const int M = 2048, K = 2048, N = 4096;
const int TILE_M = 16, TILE_N = 32, TILE_K = 16;
void matmul_tile(float A[][K], float B[][N], float C[][N], int m, int n)
{
    float atile[TILE_M][TILE_K], btile[TILE_N], ctile[TILE_M][TILE_N];
    for (int tm = 0; tm < TILE_M; tm++)
        for (int tn = 0; tn < TILE_N; tn++)
            ctile[tm][tn] = 0.0f;
    for (int k = 0; k < K; k += TILE_K) {
        for (int tm = 0; tm < TILE_M; tm++)
            for (int tk = 0; tk < TILE_K; tk++)
                atile[tm][tk] = A[m + tm][k + tk];
        for (int tk = 0; tk < TILE_K; tk++) {
            for (int tn = 0; tn < TILE_N; tn++)
                btile[tn] = B[k + tk][n + tn];
            for (int tm = 0; tm < TILE_M; tm++) {
                for (int tn = 0; tn < TILE_N; tn++)
                    ctile[tm][tn] += atile[tm][tk] * btile[tn];
            }
        }
    }
    for (int tm = 0; tm < TILE_M; tm++)
        for (int tn = 0; tn < TILE_N; tn++)
            C[m + tm][n + tn] = ctile[tm][tn];
}
