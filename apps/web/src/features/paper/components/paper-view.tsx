import type { ReactNode } from 'react';
import { Typography } from 'antd';
import {
  QuestionType,
  blankCountOf,
  formatScore,
  isQuestionType,
  optionLetter,
  trueFalseText,
} from '@kaopei/shared';
import { answerText } from '../../../lib/question-rules';
import type { ChoiceOption } from '../api';
import { sectionOrdinal } from './paper-outline';

/** A question as the paper shows it (candidate draw or saved paper). */
export interface ViewQuestion {
  questionId: number;
  type: number;
  typeLabel: string;
  /** Sanitised HTML (the server cleans stems on every write). */
  stem: string;
  options: ChoiceOption[] | null;
  answer: unknown;
  analysis: string | null;
  points: number;
}

export interface ViewPaper {
  name: string;
  totalScore: number;
  questionCount: number;
  sections: { name: string; questions: ViewQuestion[] }[];
}

function ChoiceArea({ question }: { question: ViewQuestion }): ReactNode {
  return (
    <ol className="kp-paper-view__options kp-paper-view__options--list">
      {(question.options ?? []).map((option, index) => (
        <li key={index}>
          <span className="kp-paper-view__letter">{optionLetter(index)}.</span> {option.content}
        </li>
      ))}
    </ol>
  );
}

const LinesArea = (): ReactNode => <div className="kp-paper-view__lines" aria-hidden />;

/**
 * How a candidate answers each kind on paper: options to tick, 正确/错误, blanks or lines (the web's part
 * of the registry in packages/shared `question-kinds/`).
 */
const ANSWER_AREAS: Readonly<Record<QuestionType, (props: { question: ViewQuestion }) => ReactNode>> = {
  [QuestionType.TRUE_FALSE]: () => (
    <div className="kp-paper-view__options">
      <span className="kp-paper-view__choice">○ {trueFalseText(true)}</span>
      <span className="kp-paper-view__choice">○ {trueFalseText(false)}</span>
    </div>
  ),
  [QuestionType.SINGLE]: ChoiceArea,
  [QuestionType.MULTIPLE]: ChoiceArea,
  [QuestionType.FILL]: ({ question }) => (
    <div className="kp-paper-view__blanks">
      {Array.from({ length: blankCountOf(question.answer) }, (_, index) => (
        <span key={index}>
          第{index + 1}空：
          <span className="kp-paper-view__line" />
        </span>
      ))}
    </div>
  ),
  [QuestionType.SHORT]: LinesArea,
  [QuestionType.CODE]: () => (
    <Typography.Text type="secondary">（编程题：考试时在代码编辑器中作答）</Typography.Text>
  ),
};

function AnswerArea({ question }: { question: ViewQuestion }): ReactNode {
  const Area = isQuestionType(question.type) ? ANSWER_AREAS[question.type] : LinesArea;
  return <Area question={question} />;
}

/** The answer key line: 正确/错误 and option letters from A per spec §3, the key text otherwise. */
export function answerKey(question: Pick<ViewQuestion, 'type' | 'options' | 'answer'>): string {
  return answerText({ type: question.type, options: question.options, answer: question.answer });
}

/**
 * A paper laid out as the candidate sees it, or with the answer key. The same markup is the print
 * layout (paper.css @media print).
 */
export function PaperView({
  paper,
  showAnswers,
  printHeader = false,
}: {
  paper: ViewPaper;
  showAnswers: boolean;
  /** Name, department and score lines for a printed copy. */
  printHeader?: boolean;
}): ReactNode {
  let number = 0;
  return (
    <article className="kp-paper-view" data-testid="paper-view">
      <header className="kp-paper-view__head">
        <h1 className="kp-paper-view__title">
          {paper.name}
          {showAnswers ? <span className="kp-paper-view__key-mark">（答案版）</span> : null}
        </h1>
        <p className="kp-paper-view__summary">
          共 {paper.questionCount} 题，满分 {formatScore(paper.totalScore)} 分
        </p>
        {printHeader ? (
          <p className="kp-paper-view__candidate">
            姓名：
            <span className="kp-paper-view__line" /> 部门：
            <span className="kp-paper-view__line" /> 得分：
            <span className="kp-paper-view__line kp-paper-view__line--short" />
          </p>
        ) : null}
      </header>
      {paper.sections.map((section, sectionIndex) => {
        const score = section.questions.reduce((sum, q) => sum + Math.round(q.points * 10), 0) / 10;
        return (
          <section key={sectionIndex} className="kp-paper-view__section">
            <h2 className="kp-paper-view__section-title">
              {sectionOrdinal(sectionIndex)}、{section.name}
              <span className="kp-paper-view__section-sum">
                （共 {section.questions.length} 题，{formatScore(score)} 分）
              </span>
            </h2>
            {section.questions.map((question) => {
              number += 1;
              return (
                <div
                  key={question.questionId}
                  className="kp-paper-view__question"
                  data-testid="view-question"
                >
                  <div className="kp-paper-view__stem">
                    <span className="kp-paper-view__number">{number}.</span>
                    <span
                      className="kp-paper-view__stem-html"
                      // Stems are sanitised by the server on every write (question.rules sanitizeStem).
                      dangerouslySetInnerHTML={{ __html: question.stem }}
                    />
                    <span className="kp-paper-view__points">（{formatScore(question.points)} 分）</span>
                  </div>
                  <AnswerArea question={question} />
                  {showAnswers ? (
                    <div className="kp-paper-view__answer" data-testid="view-answer">
                      <div>
                        <strong>答案：</strong>
                        {answerKey(question) || '（无）'}
                      </div>
                      {question.analysis ? (
                        <div>
                          <strong>解析：</strong>
                          {question.analysis}
                        </div>
                      ) : null}
                    </div>
                  ) : null}
                </div>
              );
            })}
          </section>
        );
      })}
    </article>
  );
}
