// Pattern: `void main()`.
// Fix: `int main()`.
// plain: rejected
// kit: rejected
void main() {}
