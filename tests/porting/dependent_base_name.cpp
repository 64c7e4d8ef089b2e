// Pattern: a member of a dependent base class used without `this->` (Visual C++ looked it up
// at instantiation, skipping two-phase lookup).
// Fix: write `this->value()`.
// plain: rejected
// kit-gcc: accepted
// kit-clang: rejected
template <class T>
struct base {
  int value() const { return 1; }
};
template <class T>
struct derived : base<T> {
  int get() const { return value(); }
};
int use() { return derived<int>().get(); }
