// A meeting as the record names it: the title with its meeting type, the topics line, and the topics
// one by one (what the topic trend chart and the feeds' categories count).
import { describe, expect, it } from 'vitest';
import { meetingTitle, meetingTopicList, meetingTopicsText } from '../../src/lib/record/meetingTitles';

describe('meetingTitle: default Board Meeting; a type other than normal is capitalised and put first', () => {
  it.each([
    ['Regular Board Meeting', 'normal', 'Regular Board Meeting'],
    [null, 'normal', 'Board Meeting'],
    ['', 'normal', 'Board Meeting'],
    ['   ', null, 'Board Meeting'],
    [null, 'special', 'Special Board Meeting'],
    [null, 'study session', 'Study session Board Meeting'],
    ['Teacher Housing', 'study session', 'Study session Teacher Housing'],
    ['Regular Board Meeting', 'upcoming', 'Upcoming Regular Board Meeting'],
    ['Regular Board Meeting', 'Normal', 'Regular Board Meeting'],
    ['Special Board Meeting', 'special', 'Special Board Meeting'],
    ['Board Meeting', 'closed', 'Closed Board Meeting'],
  ])('%j of type %j → %s', (title, type, expected) => {
    expect(meetingTitle(title, type)).toBe(expected);
  });
});

describe('meetingTopicsText: an array is joined with commas', () => {
  it.each([
    [['Budget', 'LCAP', 'Calendar 2025-26'], 'Budget, LCAP, Calendar 2025-26'],
    [['Budget'], 'Budget'],
    [[], ''],
    ['Student Mental Health and Wellness', 'Student Mental Health and Wellness'],
    ['["Budget","LCAP"]', 'Budget, LCAP'],
    ['[not json', '[not json'],
    [[' Budget ', '', 'LCAP'], 'Budget, LCAP'],
    [null, ''],
  ])('%j → %j', (topics, expected) => {
    expect(meetingTopicsText(topics)).toBe(expected);
  });
});

describe('meetingTopicList: an array, a JSON array string or a comma-joined string', () => {
  it.each([
    [
      ['Budget', ' LCAP '],
      ['Budget', 'LCAP'],
    ],
    [['Budget', '', '  '], ['Budget']],
    ['Budget, LCAP,Facilities', ['Budget', 'LCAP', 'Facilities']],
    ['["Budget", "LCAP"]', ['Budget', 'LCAP']],
    ['[draft] Budget, LCAP', ['[draft] Budget', 'LCAP']],
    ['Budget', ['Budget']],
    ['', []],
    [' , ', []],
    [null, []],
    [undefined, []],
  ])('%j → %j', (topics, list) => expect(meetingTopicList(topics)).toEqual(list));
});
