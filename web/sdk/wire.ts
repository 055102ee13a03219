// The generated protocol: messages, their schemas and enums (sdk/gen/, from proto/*.proto).
export * from "./gen/account_pb.js";
export * from "./gen/table_events_pb.js";
export * from "./gen/table_pb.js";
export * from "./gen/tavolo_pb.js";
export * from "./gen/tournament_pb.js";
export * from "./gen/vocabulary_pb.js";
