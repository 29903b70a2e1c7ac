import { DEFAULT_JAVA_TEMPLATE, type CodeLanguage } from './constants';

/**
 * Starting code of each language when a question gives none. Java's is the spec's fixed template;
 * the others read stdin line by line the same way, indented with 4 spaces (spec §5).
 */
export const DEFAULT_CODE_TEMPLATES: Readonly<Record<CodeLanguage, string>> = {
  java: DEFAULT_JAVA_TEMPLATE,
  javascript: [
    "const lines = require('fs').readFileSync(0, 'utf8').split('\\n');",
    'for (const line of lines) {',
    '    console.log(line);',
    '}',
    '',
  ].join('\n'),
  c: [
    '#include <stdio.h>',
    '',
    'int main(void) {',
    '    char line[1024];',
    '    while (fgets(line, sizeof line, stdin)) {',
    '        printf("%s", line);',
    '    }',
    '    return 0;',
    '}',
    '',
  ].join('\n'),
  cpp: [
    '#include <iostream>',
    '#include <string>',
    '',
    'int main() {',
    '    std::string line;',
    '    while (std::getline(std::cin, line)) {',
    '        std::cout << line << std::endl;',
    '    }',
    '    return 0;',
    '}',
    '',
  ].join('\n'),
  python: ['import sys', '', 'for line in sys.stdin:', "    print(line, end='')", ''].join('\n'),
  bash: ['#!/bin/bash', '', 'while IFS= read -r line; do', '    echo "$line"', 'done', ''].join('\n'),
};
