export const root: string;
export const MARKERS: Record<string, RegExp>;
export const POSTGRES_LIST: string;
export function importsOf(file: string): string[];
export function testFiles(): string[];
export function areaOf(file: string): string;
export function databaseTestFiles(): string[];
export function dialectReason(testFile: string): string | null;
/** Suites that meet PostgreSQL in every run, left off the rerun. */
export const BOTH_DATABASES_IN_EVERY_RUN: readonly string[];
export function dialectSensitiveTestFiles(): string[];
export function postgresTestList(): string[];
