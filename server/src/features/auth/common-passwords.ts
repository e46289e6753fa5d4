// zxcvbn-ts' list of the ~49,000 most common passwords (lower case), bundled with the server: no
// request leaves it. Loaded with the first registration, not at start-up.
let common: Promise<Set<string>> | undefined;

/** Whether `password` is one of the most common passwords, whatever its letters' case. */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return (await common).has(password.toLowerCase());
}
