/*
 * The labelled form of the original DGDL that the Python tool of siwells/DGDL reads (tools/dgdl): every part named
 * by a label, system:{id:S, game:{id:G, composition:{turns:{..}, players:{..}, player:{..}, store:{..}, roles:{..}},
 * rules:{rule:{id:R, scope:initial, body:{..}}}, moves:{move:{id:M, content:{p}, opener:"..", body:{..}}}}}.
 * Written for Parley from the labels that tool's token list names; the parse tree is generic (labels, objects,
 * calls) and LabelledDgdlReader gives it meaning.
 */
grammar DgdlLabelled;

file
    : NAME ':' object EOF
    ;

object
    : '{' (entry (',' entry)*)? '}'
    ;

entry
    : NAME ':' value                                                     # keyed
    | 'if' calls 'then' calls ('elseif' calls 'then' calls)* ('else' calls)?   # conditional
    | call                                                               # callEntry
    | '!'? NAME                                                          # bare
    | INT                                                                # number
    | STRING                                                             # text
    ;

calls
    : call (('&' | '||') call)*
    ;

call
    : '!'? NAME object
    ;

value
    : NAME | INT | STRING | object
    ;

NAME    : [a-zA-Z_] [a-zA-Z0-9_\-]* ;
INT     : [0-9]+ ;
STRING  : '"' ( '\\' . | ~["\\\r\n] )* '"' ;

WS      : [ \t\r\n\f]+ -> skip ;
UNKNOWN : . ;
