import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Checkbox, Input, Radio, Spin, Typography } from 'antd';
import {
  CODE_LANGUAGES,
  QuestionType,
  isCodeLanguage,
  isQuestionType,
  optionLetter,
  trueFalseText,
  type CodeLanguage,
} from '@kaopei/shared';
import { templateFor, type CodeByLanguage } from '../../../components/code-editor/templates';
import type { CandidateQuestion } from '../api';
import { asCodeAnswer } from '../answer-format';
import { CodeRunPanel } from './code-run-panel';

// CodeMirror is large: load it only when a code question is on screen.
const CodeEditor = lazy(() =>
  import('../../../components/code-editor/code-editor').then((module) => ({ default: module.CodeEditor })),
);

/** Typed answers are sent after a pause; choices at once. */
export const TYPING_DEBOUNCE_MS = 800;

export interface QuestionAnswerProps {
  question: CandidateQuestion;
  answer: unknown;
  /** `typing`: the change comes from a text field (saved after a pause). */
  onChange: (answer: unknown, typing: boolean) => void;
  disabled?: boolean;
  /** The id of the stem, which names the group of options. */
  labelledBy?: string;
}

function OptionLabel({ index, content }: { index: number; content: string }): ReactNode {
  return (
    <span className="kp-m-option__label">
      <span className="kp-m-option__letter">
        {optionLetter(index)}
        {/* Heard as 'A、选项' rather than 'A选项' (the letter is a badge on screen). */}
        <span className="kp-sr-only">、</span>
      </span>
      <span className="kp-m-option__content">{content}</span>
    </span>
  );
}

const LANGUAGE_LABELS = new Map<string, string>(
  CODE_LANGUAGES.map((language) => [language.id, language.label]),
);

function CodeAnswerEditor({ question, answer, onChange, disabled }: QuestionAnswerProps): ReactNode {
  const languages = (question.code?.languages ?? []).filter(isCodeLanguage);
  const offered: CodeLanguage[] = languages.length > 0 ? languages : ['java'];
  const templates = (question.code?.templates ?? {}) as CodeByLanguage;
  const saved = asCodeAnswer(answer);
  const savedLanguage = saved && isCodeLanguage(saved.language) ? saved.language : null;
  // Code written in the other tabs during this visit; the saved answer is one language's code.
  const [drafts, setDrafts] = useState<CodeByLanguage>({});
  const [language, setLanguage] = useState<CodeLanguage>(savedLanguage ?? offered[0] ?? 'java');
  const value: CodeByLanguage = savedLanguage ? { ...drafts, [savedLanguage]: saved?.code } : drafts;
  // The attempt page's route (/m/attempts/:attemptId): sample runs belong to the open attempt.
  const attemptId = Number(useParams().attemptId);

  return (
    <div className="kp-m-code">
      <Suspense fallback={<Spin />}>
        <CodeEditor
          value={value}
          language={language}
          languages={offered}
          templates={templates}
          readOnly={disabled}
          height={260}
          onLanguageChange={setLanguage}
          onChange={(next, changed) => {
            setDrafts(next);
            const code = next[changed] ?? '';
            // Opening a tab reports its template: that is not an answer until something is written.
            if (code === templateFor(changed, templates) && savedLanguage !== changed) return;
            onChange({ language: changed, code }, true);
          }}
        />
      </Suspense>
      <Typography.Text type="secondary" className="kp-m-code__hint">
        {savedLanguage
          ? `已作答语言：${LANGUAGE_LABELS.get(savedLanguage) ?? savedLanguage}`
          : '在编辑器中编写代码即作答'}
      </Typography.Text>
      {question.code?.samples.length && attemptId > 0 ? (
        <CodeRunPanel
          attemptId={attemptId}
          questionId={question.questionId}
          language={language}
          code={value[language] ?? templateFor(language, templates)}
          disabled={disabled}
        />
      ) : null}
      {question.code?.samples.length ? (
        <div className="kp-m-code__samples">
          {question.code.samples.map((sample, index) => (
            <div key={index} className="kp-m-code__sample">
              <div>样例 {index + 1} 输入</div>
              <pre>{sample.input || '（无）'}</pre>
              <div>样例 {index + 1} 输出</div>
              <pre>{sample.output}</pre>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

type AnswerInput = (props: QuestionAnswerProps) => ReactNode;

function TrueFalseInput({ answer, onChange, disabled, labelledBy }: QuestionAnswerProps): ReactNode {
  return (
    <Radio.Group
      className="kp-m-options"
      aria-labelledby={labelledBy}
      disabled={disabled}
      value={answer === true ? 'true' : answer === false ? 'false' : undefined}
      onChange={(event) => onChange(event.target.value === 'true', false)}
      options={[
        { value: 'true', label: trueFalseText(true) },
        { value: 'false', label: trueFalseText(false) },
      ]}
    />
  );
}

function SingleInput({ question, answer, onChange, disabled, labelledBy }: QuestionAnswerProps): ReactNode {
  return (
    <Radio.Group
      className="kp-m-options"
      aria-labelledby={labelledBy}
      disabled={disabled}
      value={typeof answer === 'number' ? answer : undefined}
      onChange={(event) => onChange(event.target.value as number, false)}
      options={(question.options ?? []).map((option, index) => ({
        value: option.key,
        label: <OptionLabel index={index} content={option.content} />,
      }))}
    />
  );
}

function MultipleInput({ question, answer, onChange, disabled, labelledBy }: QuestionAnswerProps): ReactNode {
  return (
    <Checkbox.Group
      className="kp-m-options"
      aria-labelledby={labelledBy}
      disabled={disabled}
      value={Array.isArray(answer) ? (answer as number[]) : []}
      onChange={(keys) =>
        onChange(
          [...keys].sort((a, b) => a - b),
          false,
        )
      }
      options={(question.options ?? []).map((option, index) => ({
        value: option.key,
        label: <OptionLabel index={index} content={option.content} />,
      }))}
    />
  );
}

function FillInput({ question, answer, onChange, disabled }: QuestionAnswerProps): ReactNode {
  const count = Math.max(1, question.blankCount ?? 1);
  const blanks = Array.from({ length: count }, (_, index) =>
    Array.isArray(answer) && typeof answer[index] === 'string' ? (answer[index] as string) : '',
  );
  return (
    <div className="kp-m-blanks">
      {blanks.map((text, index) => (
        <label key={index} className="kp-m-blank">
          <span className="kp-m-blank__label">第 {index + 1} 空</span>
          <Input
            value={text}
            disabled={disabled}
            maxLength={500}
            aria-label={`第 ${index + 1} 空`}
            placeholder="请输入答案"
            onChange={(event) => {
              const next = [...blanks];
              next[index] = event.target.value;
              onChange(next, true);
            }}
          />
        </label>
      ))}
    </div>
  );
}

function ShortInput({ answer, onChange, disabled }: QuestionAnswerProps): ReactNode {
  return (
    <Input.TextArea
      value={typeof answer === 'string' ? answer : ''}
      disabled={disabled}
      aria-label="答案"
      placeholder="请输入答案"
      autoSize={{ minRows: 6, maxRows: 16 }}
      maxLength={10_000}
      showCount
      onChange={(event) => onChange(event.target.value, true)}
    />
  );
}

/**
 * The answer input of each question kind (the web's part of the registry in packages/shared
 * `question-kinds/`: a new kind's type makes this record incomplete until it has its input).
 */
const ANSWER_INPUTS: Readonly<Record<QuestionType, AnswerInput>> = {
  [QuestionType.TRUE_FALSE]: TrueFalseInput,
  [QuestionType.SINGLE]: SingleInput,
  [QuestionType.MULTIPLE]: MultipleInput,
  [QuestionType.FILL]: FillInput,
  [QuestionType.SHORT]: ShortInput,
  [QuestionType.CODE]: CodeAnswerEditor,
};

/** The answer input of one question, by its kind. */
export function QuestionAnswer(props: QuestionAnswerProps): ReactNode {
  const KindInput = isQuestionType(props.question.type) ? ANSWER_INPUTS[props.question.type] : undefined;
  if (!KindInput) return <Typography.Text type="secondary">暂不支持此题型</Typography.Text>;
  return <KindInput {...props} />;
}
