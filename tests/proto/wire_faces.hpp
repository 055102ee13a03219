#pragma once
// Every card face a protocol message carries, found by walking the message itself (reflection), not
// by trusting the translation's field-by-field code: a SeenCard's face, and every uint32 in a field
// named `cards` or `board`. A new field holding faces under another name would escape it, so faces
// keep those names (proto/README.md "Cards").
#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace tavolo::server::protocol::testing {

inline void collect_faces(const google::protobuf::Message& message, std::vector<std::uint32_t>& out) {
    using google::protobuf::FieldDescriptor;
    const auto* reflection = message.GetReflection();
    std::vector<const FieldDescriptor*> fields;
    reflection->ListFields(message, &fields);
    const bool seen_card = message.GetDescriptor()->name() == "SeenCard";
    for (const FieldDescriptor* field : fields) {
        if (field->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
            if (field->is_repeated()) {
                for (int i = 0; i < reflection->FieldSize(message, field); ++i)
                    collect_faces(reflection->GetRepeatedMessage(message, field, i), out);
            } else {
                collect_faces(reflection->GetMessage(message, field), out);
            }
            continue;
        }
        if (field->cpp_type() != FieldDescriptor::CPPTYPE_UINT32) continue;
        const bool faces =
            (seen_card && field->name() == "face") || field->name() == "cards" || field->name() == "board";
        if (!faces) continue;
        if (field->is_repeated()) {
            for (int i = 0; i < reflection->FieldSize(message, field); ++i)
                out.push_back(reflection->GetRepeatedUInt32(message, field, i));
        } else {
            out.push_back(reflection->GetUInt32(message, field));
        }
    }
}

inline std::vector<std::uint32_t> faces_in(const google::protobuf::Message& message) {
    std::vector<std::uint32_t> out;
    collect_faces(message, out);
    return out;
}

// The message survives its binary form unchanged.
template <class Message>
::testing::AssertionResult round_trips(const Message& message) {
    const std::string wire = message.SerializeAsString();
    Message back;
    if (!back.ParseFromString(wire)) return ::testing::AssertionFailure() << "does not parse back";
    if (back.SerializeAsString() != wire)
        return ::testing::AssertionFailure() << "parsed back differently: " << back.ShortDebugString();
    return ::testing::AssertionSuccess();
}

}  // namespace tavolo::server::protocol::testing
