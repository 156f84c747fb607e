export { approvalHistory, getApproval, setApproval } from "./approvals";
export * from "./schema";
