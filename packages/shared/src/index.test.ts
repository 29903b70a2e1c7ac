import { describe, expect, it } from 'vitest';
import * as shared from './index';

describe('@kaopei/shared entry', () => {
  it('exports the names other packages import', () => {
    const names = [
      'QuestionType',
      'questionTypeLabel',
      'fromReadingB',
      'TagType',
      'tagTypeLabel',
      'PaperType',
      'paperTypeLabel',
      'PaperDifficulty',
      'paperDifficultyLabel',
      'UserStatus',
      'userStatusLabel',
      'PERMISSIONS',
      'permissionMaskFromIndices',
      'permissionIndicesFromMask',
      'permissionIcon',
      'permissionLabel',
      'hasPermission',
      'difficultyLabel',
      'isBlank',
      'isTrueAnswer',
      'relativeTime',
      'bellTime',
      'formatExamTime',
      'formatScore',
      'noticePageCount',
      'optionLetter',
      'keyDisplay',
      'responseDisplay',
      'gradeResponse',
      'kindOf',
      'questionKinds',
      'NOTICE_PAGE_SIZE',
      'DEFAULT_JAVA_TEMPLATE',
      'CODE_LANGUAGES',
      'ERROR_SUFFIX',
      'httpErrorMessage',
      'NO_RESPONSE_MESSAGE',
      'REQUEST_SETUP_ERROR_MESSAGE',
      'isSilentBodyCode',
      'DEV_ERRORS',
      'MODES',
      'MODE_GROUPS',
      'canSwitchMode',
      'toTreeOptions',
      'withAllCategoriesRoot',
      'withAllCoursesRoot',
      'EDITIONS',
      'parseEdition',
      'zeroBasedPaging',
      'oneBasedPaging',
      'toOffset',
      'toOffsetFromOneBased',
    ];
    for (const name of names) {
      expect(shared, name).toHaveProperty(name);
    }
  });
});
