import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import docusaurus from '@docusaurus/eslint-plugin';
import portal from './eslint/layers.mjs';

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-scale/',
      '.docusaurus/',
      'node_modules/',
      'generated/',
      'bench/results/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: {'@docusaurus': docusaurus},
    rules: {
      ...docusaurus.configs.recommended.rules,
      '@docusaurus/no-html-links': 'error',
      '@docusaurus/prefer-docusaurus-heading': 'error',
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_'}],
    },
  },
  {
    // The layers of handbook/architecture.md: imports go down, and no plugin reaches into another.
    files: ['src/**/*.{ts,tsx,js,mjs,cjs}', 'scripts/**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: {portal},
    rules: {'portal/layers': 'error'},
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
      },
    },
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
);
