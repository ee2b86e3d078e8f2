// Vitest setup: production scrypt cost (32 MiB, ~80 ms a hash) would make the account-heavy
// suites spend minutes hashing; tests check the rules, not the cost. Hashes record their cost,
// so verification is unaffected.
import { setPasswordHashCostForTests } from '../auth/passwords.js';

setPasswordHashCostForTests(2 ** 10);
