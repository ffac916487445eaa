// The topics a meeting lists, one by one: what the topic trend chart and the feeds' categories count.
import { describe, expect, it } from 'vitest';
import { meetingTopicList } from '../meetingCards';

describe('meetingTopicList: an array, a JSON array string or a comma-joined string', () => {
  it.each([
    [['Budget', ' LCAP '], ['Budget', 'LCAP']],
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
