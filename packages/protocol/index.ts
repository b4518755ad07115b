export * from "./artifacts";
export * from "./outputs";
export * from "./prompt-sections";
export * from "./tasks";
export * from "./person-messages";
export * from "./agents";
export * from "./relative-path";
export * from "./split-sentences";
