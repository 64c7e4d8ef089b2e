// Which types amp-restricted code may use (C++ AMP §2.4.1; C3581).
#pragma once

#include <string>

namespace clang {
class QualType;
}

namespace ample::checker {

/// Where a type appears: pointers and references are allowed only as local variables,
/// parameters and return types, never inside classes or arrays.
enum class TypePosition { Local, Member };

/// unsupportedPart(T, where) returns why T cannot be used in amp-restricted code at `where` (the
/// offending part of T and the rule), or an empty string where it can. Ample's own classes
/// are trusted; user classes are checked member by member.
std::string unsupportedPart(clang::QualType type, TypePosition where = TypePosition::Local);

/// typeName(T) spells T as C++ source does (`const widget`, not `const struct widget`).
std::string typeName(clang::QualType type);

}  // namespace ample::checker
