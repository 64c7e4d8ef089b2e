// Pattern: a dependent member template called without `template`.
// Fix: write `T::template get<3>()`.
// plain: rejected
// kit: rejected
template <class T>
struct holder {
  template <int N>
  static int get() { return N; }
};
template <class T>
int call() { return T::get<3>(); }
int use() { return call<holder<int>>(); }
