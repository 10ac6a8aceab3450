// mailauth ships no types; the tests use its DKIM verifier only.
declare module 'mailauth/lib/dkim/verify.js' {
  type DkimResult = { signingDomain: string; selector: string; status: { result: string; comment?: string }; signingHeaders?: { keys: string } };
  export function dkimVerify(
    message: Buffer,
    options: { resolver: (name: string, type: string) => Promise<string[][]> },
  ): Promise<{ results: DkimResult[] }>;
}
