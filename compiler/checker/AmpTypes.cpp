#include "AmpTypes.h"

#include "Restriction.h"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Type.h>

#include <map>

namespace ample::checker {
namespace {

using namespace clang;

/// C++ AMP's fundamental types: int, unsigned int, long, unsigned long, float, double, bool
/// (and void). long is 32 bits on Windows; it is allowed by name.
bool isAllowedBuiltin(const BuiltinType* builtin) {
  switch (builtin->getKind()) {
    case BuiltinType::Void:
    case BuiltinType::Bool:
    case BuiltinType::Int:
    case BuiltinType::UInt:
    case BuiltinType::Long:
    case BuiltinType::ULong:
    case BuiltinType::Float:
    case BuiltinType::Double:
      return true;
    default:
      return false;
  }
}

std::string quoted(QualType type) { return "'" + typeName(type) + "'"; }

/// Record results are cached: a class is checked once per translation unit (a plugin's process
/// compiles one), and the entry made before its members are checked ends the recursion of a
/// class that refers to itself.
std::string unsupportedRecord(const CXXRecordDecl* record, QualType type) {
  static std::map<const CXXRecordDecl*, std::string> checked;
  record = record->getDefinition();
  if (!record || isLibraryDecl(record) || record->isLambda()) return "";
  auto [entry, inserted] = checked.try_emplace(record, "");
  if (!inserted) return entry->second;
  std::string reason;
  if (record->isPolymorphic())
    reason = quoted(type) + " has virtual functions";
  else if (record->getNumVBases() != 0)
    reason = quoted(type) + " has a virtual base";
  for (const auto& base : record->bases())
    if (reason.empty()) {
      std::string inner = unsupportedPart(base.getType(), TypePosition::Member);
      if (!inner.empty()) reason = quoted(type) + " has a base of " + inner;
    }
  for (const FieldDecl* field : record->fields()) {
    if (!reason.empty()) break;
    if (field->isBitField()) {
      reason = quoted(type) + " has a bit-field ('" + field->getNameAsString() + "')";
      break;
    }
    std::string inner = unsupportedPart(field->getType(), TypePosition::Member);
    if (!inner.empty()) reason = quoted(type) + " has member '" + field->getNameAsString() + "' of " + inner;
  }
  checked[record] = reason;
  return reason;
}

}  // namespace

std::string typeName(QualType type) {
  LangOptions language;
  language.CPlusPlus = true;
  PrintingPolicy policy(language);
  policy.SuppressTagKeyword = true;
  policy.Bool = true;
  return type.getAsString(policy);
}

std::string unsupportedPart(QualType type, TypePosition where) {
  if (type.isNull()) return "";
  if (type.isVolatileQualified()) return quoted(type) + " (volatile)";
  if (const auto* reference = type->getAs<ReferenceType>()) {
    if (where == TypePosition::Member) return quoted(type) + " (a reference inside a class or an array)";
    return unsupportedPart(reference->getPointeeType(), TypePosition::Local);
  }
  type = type.getCanonicalType();
  if (const auto* builtin = type->getAs<BuiltinType>())
    return isAllowedBuiltin(builtin) ? "" : quoted(type);
  if (const auto* enumeration = type->getAs<EnumType>()) {
    QualType underlying = enumeration->getDecl()->getIntegerType();
    if (underlying.isNull() || unsupportedPart(underlying).empty()) return "";
    return quoted(type) + " (underlying type " + quoted(underlying) + ")";
  }
  if (const auto* pointer = type->getAs<PointerType>()) {
    QualType pointee = pointer->getPointeeType();
    if (where == TypePosition::Member) return quoted(type) + " (a pointer inside a class or an array)";
    if (pointee->isFunctionType()) return quoted(type) + " (a function pointer)";
    if (pointee->isPointerType()) return quoted(type) + " (a pointer to a pointer)";
    if (pointee->isVoidType()) return "";
    std::string inner = unsupportedPart(pointee, TypePosition::Member);
    return inner.empty() ? "" : quoted(type) + " (points to " + inner + ")";
  }
  // A pointer to a data member is an offset, which Visual C++ allows in amp code wherever the
  // member's type is allowed; a pointer to a member function is an indirect call.
  if (type->isMemberFunctionPointerType()) return quoted(type) + " (a pointer to a member function)";
  if (const auto* member = type->getAs<MemberPointerType>()) {
    std::string inner = unsupportedPart(member->getPointeeType(), TypePosition::Member);
    return inner.empty() ? "" : quoted(type) + " (points to " + inner + ")";
  }
  if (type->isNullPtrType()) return quoted(type);
  if (const auto* array = dyn_cast<ArrayType>(type.getTypePtr()))
    return unsupportedPart(array->getElementType(), TypePosition::Member);
  if (const auto* record = type->getAsCXXRecordDecl()) return unsupportedRecord(record, type);
  if (type->isVectorType() || type->isDependentType()) return "";
  if (type->isFunctionType()) return "";
  return quoted(type);
}

}  // namespace ample::checker
